import { ADMIN_VEHICLE_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from '@vm/shared/constants';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Filter, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { usePageTitle } from '../../../lib/page-title';
import { AdminPager } from '../components/admin-pager';
import { ListPanel, ListToolbar, SearchInput } from '../components/list-panel';
import {
  ADMIN_VEHICLES_KEY,
  type AdminVehicleListParams,
  deleteVehicle,
  fetchAdminVehicles,
  fetchMakesModels,
  MAKES_MODELS_KEY,
} from './vehicle-api';
import { hasFilters, NO_FILTERS, VehicleFilters, type VehicleFilterValues } from './vehicle-filters';
import { DeleteVehicleDialog } from './delete-vehicle-dialog';
import { VehicleFormModal } from './vehicle-form-modal';
import { type VehicleSortField, VehiclesTable } from './vehicles-table';

const SEARCH_DELAY_MS = 300;

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

  const onSort = (field: VehicleSortField) => {
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

      <ListPanel>
        <ListToolbar>
          <SearchInput
            label="Search vehicles"
            placeholder="Search vehicles..."
            value={searchText}
            onChange={setSearchText}
          />
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
        </ListToolbar>
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

        <VehiclesTable
          vehicles={vehicles}
          sort={{ by: sort, order, onSort }}
          loading={list.isPending}
          filtered={filtered}
          onEdit={(v) => setFormTarget(v.id)}
          onDelete={setToDelete}
        />
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
      </ListPanel>

      <VehicleFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <DeleteVehicleDialog
        vehicle={toDelete}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
