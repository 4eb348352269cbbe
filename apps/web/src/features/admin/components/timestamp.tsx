import { formatDateTime } from '@vm/shared/format-date';

/** A moment shown short in a list row, with the full date and time as its tooltip. */
export function Timestamp({ iso, format }: { iso: string; format: (iso: string) => string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {format(iso)}
    </time>
  );
}
