export function VehiclesPage() {
  return <h1 className="p-6 text-2xl font-bold">VehiclesPage</h1>;
}
