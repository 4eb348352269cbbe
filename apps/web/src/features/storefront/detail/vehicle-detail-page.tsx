export function VehicleDetailPage() {
  return <div className="mx-auto max-w-7xl px-4 py-10">VehicleDetailPage</div>;
}
