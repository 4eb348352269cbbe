import type {
  Vehicle,
  VehicleImagesResponse,
  VehicleInput,
  VehicleOfferCounts,
  VehicleSummary,
} from '@vm/shared/vehicle';
import { api } from '../../../lib/api-client';

/** Query keys of the admin vehicle screens; every write invalidates ADMIN_VEHICLES_KEY. */
export const ADMIN_VEHICLES_KEY = ['admin', 'vehicles'] as const;
export const MAKES_MODELS_KEY = ['admin', 'makes-models'] as const;

export interface AdminVehicleListParams {
  search?: string;
  make?: string;
  model?: string;
  year?: string;
  minYear?: string;
  maxYear?: string;
  bodyType?: string;
  category?: string;
  status?: string;
  sort: 'createdAt' | 'title' | 'make' | 'year' | 'price';
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

export interface AdminVehicleList {
  vehicles: VehicleSummary[];
  totalVehicles: number;
  totalPages: number;
  page: number;
}

export const fetchAdminVehicles = (params: AdminVehicleListParams) =>
  api<AdminVehicleList>('/vehicles', { query: { ...params } });

export const fetchMakesModels = () => api<{ makes: { make: string; models: string[] }[] }>('/vehicles/makes-models');

export const fetchVehicleForEdit = (id: string) => api<Vehicle>(`/vehicles/${encodeURIComponent(id)}/edit`);

export const createVehicle = (body: VehicleInput) => api<Vehicle>('/vehicles', { method: 'POST', body });

export const updateVehicle = (id: string, body: VehicleInput) =>
  api<Vehicle>(`/vehicles/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** How many open and accepted offers the vehicle has: the delete confirmation names them. */
export const fetchVehicleOfferCounts = (id: string) =>
  api<VehicleOfferCounts>(`/vehicles/${encodeURIComponent(id)}/offer-counts`);

export const deleteVehicle = (id: string) =>
  api<{ success: true }>(`/vehicles/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Uploads files in one multipart call, repeated field `images`. */
export function uploadVehicleImages(id: string, files: File[]) {
  const formData = new FormData();
  for (const file of files) formData.append('images', file, file.name);
  return api<VehicleImagesResponse>(`/vehicles/${encodeURIComponent(id)}/images`, { method: 'POST', formData });
}

export const setDefaultImage = (id: string, defaultImage: number | string) =>
  api<{ defaultImage: string; defaultImageIndex: number }>(`/vehicles/${encodeURIComponent(id)}/default-image`, {
    method: 'PUT',
    body: { defaultImage },
  });

export const deleteVehicleImage = (id: string, imageId: string) =>
  api<VehicleImagesResponse>(`/vehicles/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`, {
    method: 'DELETE',
  });

export const reorderVehicleImages = (id: string, imageIds: string[]) =>
  api<VehicleImagesResponse>(`/vehicles/${encodeURIComponent(id)}/images/order`, {
    method: 'PUT',
    body: { imageIds },
  });
