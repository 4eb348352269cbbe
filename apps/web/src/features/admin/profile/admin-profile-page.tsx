export function AdminProfilePage() {
  return <h1 className="p-6 text-2xl font-bold">AdminProfilePage</h1>;
}
