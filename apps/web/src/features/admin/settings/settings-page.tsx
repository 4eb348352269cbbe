export function SettingsPage() {
  return <h1 className="p-6 text-2xl font-bold">SettingsPage</h1>;
}
