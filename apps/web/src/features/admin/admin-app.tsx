export function AdminApp() {
  return <div>Admin</div>;
}
