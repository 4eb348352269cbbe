import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_TAGGED_LIMIT, type Tag } from '@vm/shared/constants';
import {
  makesGet,
  type SearchQuery,
  searchGet,
  similarGet,
  taggedGet,
  vehicleGet,
} from '@vm/shared/storefront-requests';
import type { Vehicle, VehicleSearchResponse, VehicleSummary } from '@vm/shared/vehicle';
import { api, apiGet } from '../../../lib/api-client';

export const vehicleKeys = {
  all: ['vehicles'] as const,
  search: (query: SearchQuery) => ['vehicles', 'search', query] as const,
  detail: (id: string) => ['vehicles', 'detail', id] as const,
  makes: ['vehicles', 'makes'] as const,
  models: (make: string) => ['vehicles', 'models', make] as const,
  tagged: (tag: Tag) => ['vehicles', 'tagged', tag] as const,
  random: (slot: string) => ['vehicles', 'random', slot] as const,
  similar: (vehicleId: string) => ['vehicles', 'similar', vehicleId] as const,
};

export function searchVehicles(query: SearchQuery): Promise<VehicleSearchResponse> {
  return apiGet<VehicleSearchResponse>(searchGet(query));
}

/*
 * Query options shared by the page hooks and the route loaders (app/route-prefetch.ts), which
 * start the calls of a page's plan (@vm/shared/page-plan) while its code is still downloading:
 * same key, same request.
 */
export const searchQuery = (query: SearchQuery) =>
  queryOptions({ queryKey: vehicleKeys.search(query), queryFn: () => searchVehicles(query) });

export const vehicleQuery = (id: string) =>
  queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: () => apiGet<Vehicle>(vehicleGet(id)),
  });

export const taggedQuery = (tag: Tag) =>
  queryOptions({
    queryKey: vehicleKeys.tagged(tag),
    queryFn: () => apiGet<{ vehicles: VehicleSummary[] }>(taggedGet(tag)),
  });

/** Makes change rarely: kept for ten minutes. */
export const makesQuery = queryOptions({
  queryKey: vehicleKeys.makes,
  queryFn: () => apiGet<{ makes: string[] }>(makesGet),
  staleTime: 10 * 60_000,
});

/** Used with `enabled` only once the vehicle is known. */
export const similarQuery = (vehicle: Vehicle | undefined) =>
  queryOptions({
    queryKey: vehicleKeys.similar(vehicle?.id ?? ''),
    queryFn: () =>
      vehicle ? apiGet<{ vehicles: VehicleSummary[] }>(similarGet(vehicle)) : Promise.resolve({ vehicles: [] }),
  });

/**
 * The results of one search; the previous page stays on screen while the next one loads. Not
 * sent while `enabled` is false (filters the API would refuse, issue #20).
 */
export function useVehicleSearch(query: SearchQuery, enabled = true) {
  return useQuery({ ...searchQuery(query), placeholderData: keepPreviousData, enabled });
}

export function useVehicle(id: string) {
  return useQuery(vehicleQuery(id));
}

export function useMakes() {
  return useQuery({ ...makesQuery, select: (data) => data.makes });
}

export function useModels(make: string) {
  return useQuery({
    queryKey: vehicleKeys.models(make),
    queryFn: () => api<{ models: string[] }>('/vehicles/models', { query: { make } }),
    select: (data) => data.models,
    enabled: make !== '',
    staleTime: 10 * 60_000,
  });
}

/** HOME-12, HOME-13: the newest vehicles with a tag, 6 for the home page. */
export function useTaggedVehicles(tag: Tag) {
  return useQuery({ ...taggedQuery(tag), select: (data) => data.vehicles });
}

/** HOME-14, HOME-15: a random selection, fetched only when a tagged list needs a stand-in. */
export function useRandomVehicles(slot: string, enabled: boolean) {
  return useQuery({
    queryKey: vehicleKeys.random(slot),
    queryFn: () => searchVehicles({ random: true, limit: HOME_TAGGED_LIMIT }),
    select: (data) => data.vehicles,
    enabled,
    // A new random pick on every render would make the carousel jump.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** DETAIL-29: up to 3 vehicles of the same make (then closest in price and year), never this one. */
export function useSimilarVehicles(vehicle: Vehicle | undefined) {
  return useQuery({ ...similarQuery(vehicle), select: (data) => data.vehicles, enabled: vehicle !== undefined });
}
