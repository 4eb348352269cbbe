import { formatMoney } from '@vm/shared/money';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { PLACEHOLDER_IMAGE } from '@vm/shared/image-path';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { smallestSource } from '../../../components/vehicle-image';
import { type DataColumn, DataTable, type DataTableSort } from '../components/data-table';
import { RowActionButton, RowActions } from '../components/row-action-button';

export type VehicleSortField = 'title' | 'make' | 'year' | 'price';

const STATUS_TONES: Record<string, BadgeTone> = {
  Available: 'green',
  Pending: 'yellow',
  Sold: 'blue',
  Archived: 'gray',
};

/** The photo's smallest file as the API gave it (on MEDIA_PUBLIC_URL when set), or the placeholder. */
function thumbnailOf(v: VehicleSummary): string {
  return v.image ? smallestSource(v.image) : PLACEHOLDER_IMAGE;
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
 * the empty line. Below md each vehicle is a card (issue #20: a 901 px table in a 341 px box hid
 * Edit and Delete): photo and title across, then make and model, year and VIN, with the actions in reach.
 */
export function VehiclesTable({ vehicles, sort, loading, filtered, onEdit, onDelete }: Props) {
  const columns: DataColumn<VehicleSummary, VehicleSortField>[] = [
    {
      header: 'Title',
      sortKey: 'title',
      cellClassName: 'w-full md:w-auto',
      cell: (v) => (
        <div className="flex items-center gap-3 md:min-w-56">
          <img
            src={thumbnailOf(v)}
            alt=""
            className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
            loading="lazy"
          />
          <div className="min-w-0">
            <p className="font-medium break-words text-ink-900">{v.title}</p>
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
      cellClassName: 'text-sm text-slate-700 md:whitespace-nowrap',
      cell: (v) => (
        <>
          <span className="font-medium">{v.make}</span> {v.model}
        </>
      ),
    },
    { header: 'Year', sortKey: 'year', cellClassName: 'text-sm text-slate-700', cell: (v) => v.year },
    {
      // Issue #20: staff could not see a vehicle's asking price without opening it.
      header: 'Price',
      sortKey: 'price',
      cellClassName: 'text-sm whitespace-nowrap text-slate-700',
      cell: (v) => (v.price > 0 ? formatMoney(v.price) : 'Price on request'),
    },
    { header: 'VIN', cellClassName: 'font-mono text-xs break-all text-slate-600', cell: (v) => v.vin },
    {
      header: 'Actions',
      alignEnd: true,
      cellClassName: 'ml-auto md:ml-0',
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
      cards={{ below: 'md', rowClassName: 'flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3' }}
      rowTestId="vehicle-row"
      sort={sort}
      emptyText={filtered ? 'No vehicles found matching your filters. Try different criteria.' : 'No vehicles found'}
      loadingText={loading ? 'Loading vehicles...' : undefined}
    />
  );
}
