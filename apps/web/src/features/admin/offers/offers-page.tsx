export function OffersPage() {
  return <h1 className="p-6 text-2xl font-bold">OffersPage</h1>;
}
