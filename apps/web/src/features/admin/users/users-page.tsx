export function UsersPage() {
  return <h1 className="p-6 text-2xl font-bold">UsersPage</h1>;
}
