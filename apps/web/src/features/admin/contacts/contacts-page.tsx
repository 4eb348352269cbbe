export function ContactsPage() {
  return <h1 className="p-6 text-2xl font-bold">ContactsPage</h1>;
}
