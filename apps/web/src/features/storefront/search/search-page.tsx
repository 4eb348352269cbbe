export function SearchPage() {
  return <div>Search</div>;
}
export function AuctionsPage() {
  return <div>Auctions</div>;
}
