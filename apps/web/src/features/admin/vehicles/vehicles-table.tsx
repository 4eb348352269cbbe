import type { VehicleSummary } from '@vm/shared/vehicle';
import { PLACEHOLDER_IMAGE, vehicleImageFile } from '@vm/shared/image-path';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { type DataColumn, DataTable, type DataTableSort } from '../components/data-table';
import { RowActionButton, RowActions } from '../components/row-action-button';

export type VehicleSortField = 'title' | 'make' | 'year';

const STATUS_TONES: Record<string, BadgeTone> = {
  Available: 'green',
  Pending: 'yellow',
  Sold: 'blue',
  Archived: 'gray',
};

function thumbnailOf(v: VehicleSummary): string {
  return v.image ? vehicleImageFile(v.id, v.image.id, 320) : PLACEHOLDER_IMAGE;
}

interface Props {
  vehicles: VehicleSummary[];
  sort: DataTableSort<VehicleSortField>;
  /** The first page is on its way: the headers show with a loading line. */
  loading: boolean;
  /** A search or filter is applied, which the empty line mentions (ADMIN-VEH-17, 18). */
  filtered: boolean;
  onEdit: (vehicle: VehicleSummary) => void;
  onDelete: (vehicle: VehicleSummary) => void;
}

/**
 * ADMIN-VEH-01..05: Title (photo, slug, status), Make & Model, Year, VIN, Actions; ADMIN-VEH-17, 18:
 * the empty line. The columns stay at every width; on a phone the table scrolls sideways in its card.
 */
export function VehiclesTable({ vehicles, sort, loading, filtered, onEdit, onDelete }: Props) {
  const columns: DataColumn<VehicleSummary, VehicleSortField>[] = [
    {
      header: 'Title',
      sortKey: 'title',
      cell: (v) => (
        <div className="flex min-w-56 items-center gap-3">
          <img
            src={thumbnailOf(v)}
            alt=""
            className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
            loading="lazy"
          />
          <div className="min-w-0">
            <p className="font-medium text-ink-900">{v.title}</p>
            <p className="truncate text-xs text-slate-500">{v.slug}</p>
            <div className="mt-1 flex flex-wrap gap-1">
              <Badge tone={STATUS_TONES[v.status] ?? 'gray'}>{v.status}</Badge>
              {v.listingType === 'auction' ? <Badge tone="purple">Auction</Badge> : null}
            </div>
          </div>
        </div>
      ),
    },
    {
      header: 'Make & Model',
      sortKey: 'make',
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (v) => (
        <>
          <span className="font-medium">{v.make}</span> {v.model}
        </>
      ),
    },
    { header: 'Year', sortKey: 'year', cellClassName: 'text-slate-700', cell: (v) => v.year },
    { header: 'VIN', cellClassName: 'font-mono text-xs text-slate-600', cell: (v) => v.vin },
    {
      header: 'Actions',
      alignEnd: true,
      cell: (v) => (
        <RowActions>
          <RowActionButton icon={Pencil} word="Edit" tone="brand" label={`Edit ${v.title}`} onClick={() => onEdit(v)} />
          <RowActionButton
            icon={Trash2}
            word="Delete"
            tone="danger"
            label={`Delete ${v.title}`}
            onClick={() => onDelete(v)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <DataTable
      label="Vehicles"
      columns={columns}
      rows={vehicles}
      sort={sort}
      emptyText={filtered ? 'No vehicles found matching your filters. Try different criteria.' : 'No vehicles found'}
      loadingText={loading ? 'Loading vehicles...' : undefined}
    />
  );
}
