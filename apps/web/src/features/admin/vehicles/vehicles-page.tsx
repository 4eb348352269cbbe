import { ADMIN_VEHICLE_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from '@vm/shared/constants';
import { PLACEHOLDER_IMAGE, vehicleImageFile } from '@vm/shared/image-path';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, Filter, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/alert';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { controlClass } from '../../../components/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { AdminPager } from '../components/admin-pager';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  ADMIN_VEHICLES_KEY,
  type AdminVehicleListParams,
  deleteVehicle,
  fetchAdminVehicles,
  fetchMakesModels,
  MAKES_MODELS_KEY,
} from './vehicle-api';
import { hasFilters, NO_FILTERS, VehicleFilters, type VehicleFilterValues } from './vehicle-filters';
import { VehicleFormModal } from './vehicle-form-modal';

type SortField = 'title' | 'make' | 'year';
const STATUS_TONES: Record<string, BadgeTone> = {
  Available: 'green',
  Pending: 'yellow',
  Sold: 'blue',
  Archived: 'gray',
};
const SEARCH_DELAY_MS = 300;

function thumbnailOf(v: VehicleSummary): string {
  return v.image ? vehicleImageFile(v.id, v.image.id, 320) : PLACEHOLDER_IMAGE;
}

function SortHeader({
  field,
  label,
  sort,
  order,
  onSort,
}: {
  field: SortField;
  label: string;
  sort: string;
  order: 'asc' | 'desc';
  onSort: (field: SortField) => void;
}) {
  const active = sort === field;
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      className="px-4 py-3 text-left"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-ink-900"
      >
        {label}
        <Icon className={`h-3.5 w-3.5 ${active ? 'text-brand-600' : 'text-slate-400'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** Admin vehicles: searchable, filterable, sortable table with add, edit and delete (ADMIN-VEH-*). */
export function VehiclesPage() {
  usePageTitle('Vehicles');
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<VehicleFilterValues>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sort, setSort] = useState<AdminVehicleListParams['sort']>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_ADMIN_PAGE_SIZE);
  const [formTarget, setFormTarget] = useState<'new' | string | null>(null);
  const [toDelete, setToDelete] = useState<VehicleSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [bannerDismissed, setBannerDismissed] = useState(false);

  // The search applies after a short pause in typing, and always from page 1 (ADMIN-VEH-15).
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const t = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [searchText, search]);

  const params: AdminVehicleListParams = { ...filters, search, sort, order, page, limit };
  const list = useQuery({
    queryKey: [...ADMIN_VEHICLES_KEY, 'list', params],
    queryFn: () => fetchAdminVehicles(params),
    placeholderData: keepPreviousData,
  });
  const makes = useQuery({ queryKey: MAKES_MODELS_KEY, queryFn: fetchMakesModels, staleTime: 60_000 });

  useEffect(() => {
    if (list.isError) setBannerDismissed(false);
  }, [list.isError]);

  const onSort = (field: SortField) => {
    if (sort === field) setOrder((o) => (o === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(field);
      setOrder('asc');
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteVehicle(toDelete.id);
      toast.success('Vehicle deleted successfully');
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: ADMIN_VEHICLES_KEY });
    } catch (err) {
      console.error('Vehicle delete failed', err);
      toast.error('Failed to delete vehicle. Please try again.');
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  const filtered = search !== '' || hasFilters(filters);
  const vehicles = list.data?.vehicles ?? [];
  const total = list.data?.totalVehicles ?? 0;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-ink-900">Vehicles</h2>
          <p className="text-sm text-slate-500">Every listing in the catalogue, whatever its status.</p>
        </div>
        <Button onClick={() => setFormTarget('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add Vehicle
        </Button>
      </div>

      {list.isError && !bannerDismissed ? (
        <Alert onDismiss={() => setBannerDismissed(true)}>Failed to load vehicles. Please try again.</Alert>
      ) : null}

      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Search vehicles..."
              aria-label="Search vehicles"
              className={`${controlClass} pl-9`}
            />
          </div>
          <Button
            variant="secondary"
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            aria-controls="vehicle-filters"
          >
            <Filter className="h-4 w-4" aria-hidden="true" /> Filters
            {hasFilters(filters) ? (
              <span className="h-2 w-2 rounded-full bg-brand-600" title="Filters are active" />
            ) : null}
          </Button>
        </div>
        {filtersOpen ? (
          <div id="vehicle-filters">
            <VehicleFilters
              applied={filters}
              makes={makes.data?.makes.map((m) => m.make) ?? []}
              onApply={(next) => {
                setFilters(next);
                setPage(1);
              }}
              onReset={() => {
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            />
          </div>
        ) : null}

        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                <SortHeader field="title" label="Title" sort={sort} order={order} onSort={onSort} />
                <SortHeader field="make" label="Make & Model" sort={sort} order={order} onSort={onSort} />
                <SortHeader field="year" label="Year" sort={sort} order={order} onSort={onSort} />
                <th
                  scope="col"
                  className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
                >
                  VIN
                </th>
                <th
                  scope="col"
                  className="px-4 py-3 text-right text-xs font-semibold tracking-wide text-slate-600 uppercase"
                >
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.isPending ? (
                <tr>
                  <td colSpan={5} className="px-4 py-10 text-center text-slate-500">
                    Loading vehicles...
                  </td>
                </tr>
              ) : vehicles.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-4 py-10 text-center text-slate-500">
                    {filtered
                      ? 'No vehicles found matching your filters. Try different criteria.'
                      : 'No vehicles found'}
                  </td>
                </tr>
              ) : (
                vehicles.map((v) => (
                  <tr key={v.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
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
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <span className="font-medium">{v.make}</span> {v.model}
                    </td>
                    <td className="px-4 py-3 text-slate-700">{v.year}</td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-600">{v.vin}</td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <button
                          type="button"
                          onClick={() => setFormTarget(v.id)}
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                          aria-label={`Edit ${v.title}`}
                        >
                          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                        </button>
                        <button
                          type="button"
                          onClick={() => setToDelete(v)}
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50"
                          aria-label={`Delete ${v.title}`}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {total > 0 ? (
          <AdminPager
            page={page}
            totalPages={list.data?.totalPages ?? 1}
            total={total}
            limit={limit}
            onPage={setPage}
            pageSizes={ADMIN_VEHICLE_PAGE_SIZES}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        ) : null}
      </div>

      <VehicleFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Confirm Delete"
        message={`Are you sure you want to delete ${toDelete?.title ?? ''}? This action cannot be undone.`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
