import type { ReactNode } from 'react';

/** Sidebar and top bar around every admin page (built by the back-office work). */
export function AdminLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-slate-50">{children}</div>;
}
