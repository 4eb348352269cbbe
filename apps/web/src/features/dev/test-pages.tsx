export function TestPages() {
  return <div>Test</div>;
}
