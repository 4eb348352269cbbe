export function AccountPage() {
  return <div>Account</div>;
}
