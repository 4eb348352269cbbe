export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A small spinner beside a visible loading text, for a screen or a panel waiting for its data. */
export function LoadingLine({ text, className = 'min-h-[40vh] text-slate-600' }: { text: string; className?: string }) {
  return (
    <div className={`flex items-center justify-center gap-3 ${className}`} role="status">
      <span
        className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
        aria-hidden="true"
      />
      {text}
    </div>
  );
}
