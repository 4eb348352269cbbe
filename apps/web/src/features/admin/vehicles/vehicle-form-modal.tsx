import {
  ADMIN_YEAR_COUNT,
  BODY_TYPES,
  CATEGORIES,
  FUEL_TYPES,
  TAGS,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
} from '@vm/shared/constants';
import { slugify } from '@vm/shared/slug';
import { type Vehicle, vehicleInputSchema } from '@vm/shared/vehicle';
import { yearOptions } from '@vm/shared/years';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { Modal } from '../../../components/modal';
import { defaultIndexAfterRemoval, type FormImage, moveImage, serverOrder } from './form-images';
import {
  ADMIN_VEHICLES_KEY,
  createVehicle,
  deleteVehicleImage,
  fetchMakesModels,
  fetchVehicleForEdit,
  MAKES_MODELS_KEY,
  reorderVehicleImages,
  setDefaultImage,
  updateVehicle,
  uploadVehicleImages,
} from './vehicle-api';
import { emptyVehicleForm, formToInput, type VehicleFormValues, vehicleToForm } from './vehicle-form-values';
import { VehicleImagesField } from './vehicle-images-field';
import { VinField } from './vin-field';

interface Props {
  /** null: closed; 'new': Add New Vehicle; otherwise the id of the vehicle to edit. */
  target: 'new' | string | null;
  onClose: () => void;
}

const TAG_LABELS: Record<string, string> = {
  hot: 'Hot',
  popular: 'Popular',
  featured: 'Featured',
  new: 'New',
  sale: 'Sale',
  limited: 'Limited',
};

const existingImages = (v: Vehicle): FormImage[] =>
  v.images.map((img) => ({ kind: 'existing', key: img.id, id: img.id, url: img.url }));

/** "Error: {server message}" when the server said why, else the screen's fallback (ERR-02, ERR-03). */
function saveErrorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? `Error: ${err.serverMessage}` : fallback;
}

/** Add New Vehicle / Edit Vehicle (ADMIN-VEH-24, 28..53). */
export function VehicleFormModal({ target, onClose }: Props) {
  const editingId = target && target !== 'new' ? target : null;
  const loaded = useQuery({
    queryKey: [...ADMIN_VEHICLES_KEY, 'edit', editingId],
    queryFn: () => fetchVehicleForEdit(editingId ?? ''),
    enabled: editingId !== null,
    gcTime: 0,
  });
  const title = editingId ? 'Edit Vehicle' : 'Add New Vehicle';
  return (
    <Modal open={target !== null} title={title} onClose={onClose} size="xl">
      {target === null ? null : editingId && loaded.isPending ? (
        <Spinner label="Loading vehicle..." />
      ) : editingId && loaded.isError ? (
        <Alert>Failed to load the vehicle. Please try again.</Alert>
      ) : (
        <VehicleForm key={editingId ?? 'new'} vehicle={editingId ? (loaded.data ?? null) : null} onClose={onClose} />
      )}
    </Modal>
  );
}

function VehicleForm({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const isEdit = vehicle !== null;
  const { register, handleSubmit, watch, setValue } = useForm<VehicleFormValues>({
    defaultValues: vehicle ? vehicleToForm(vehicle) : emptyVehicleForm(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [images, setImages] = useState<FormImage[]>(() => (vehicle ? existingImages(vehicle) : []));
  const [defaultIndex, setDefaultIndex] = useState(vehicle?.defaultImageIndex ?? 0);
  const [busyImage, setBusyImage] = useState<string | null>(null);
  const makes = useQuery({ queryKey: MAKES_MODELS_KEY, queryFn: fetchMakesModels, staleTime: 60_000 });
  // The model year of the last Decode: set once its option is in the Year list (it may be next year's).
  const [decodedYear, setDecodedYear] = useState<{ year: number } | null>(null);
  useEffect(() => {
    if (decodedYear) setValue('year', String(decodedYear.year), { shouldDirty: true });
  }, [decodedYear, setValue]);

  // Object URLs of chosen files are released when they leave the form or the form closes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const title = watch('title');
  const make = watch('make');
  const years = yearOptions(ADMIN_YEAR_COUNT);
  if (vehicle && !years.includes(vehicle.year)) years.push(vehicle.year);
  if (decodedYear && !years.includes(decodedYear.year)) years.push(decodedYear.year);
  years.sort((a, b) => b - a);
  const models = makes.data?.makes.find((m) => m.make.toLowerCase() === make.trim().toLowerCase())?.models ?? [];

  const addFiles = (files: File[]) => {
    const added: FormImage[] = files.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      return { kind: 'new', key: previewUrl, file, previewUrl };
    });
    setImages((current) => [...current, ...added]);
  };

  const removeImage = async (index: number) => {
    const img = images[index];
    if (!img) return;
    if (img.kind === 'existing' && vehicle) {
      setBusyImage(img.key);
      try {
        await deleteVehicleImage(vehicle.id, img.id);
        toast.success('Image deleted successfully');
        void queryClient.invalidateQueries({ queryKey: ADMIN_VEHICLES_KEY });
      } catch (err) {
        console.error('Image delete failed', err);
        toast.error('Failed to delete image from server');
        return;
      } finally {
        setBusyImage(null);
      }
    } else if (img.kind === 'new') {
      URL.revokeObjectURL(img.previewUrl);
      previews.current.delete(img.previewUrl);
    }
    setImages((current) => current.filter((_, i) => i !== index));
    setDefaultIndex((d) => defaultIndexAfterRemoval(d, index));
  };

  const move = (index: number, delta: -1 | 1) => {
    const next = moveImage(images, defaultIndex, index, delta);
    setImages(next.images);
    setDefaultIndex(next.defaultIndex);
  };

  /** Second and third calls of a save: new files, then order and default. Failures are only logged. */
  const saveImages = async (saved: Vehicle) => {
    const newFiles = images.flatMap((img) => (img.kind === 'new' ? [img.file] : []));
    let uploadedIds: string[] | null = [];
    let serverIds = saved.images.map((i) => i.id);
    if (newFiles.length > 0) {
      try {
        const res = await uploadVehicleImages(saved.id, newFiles);
        serverIds = res.images.map((i) => i.id);
        uploadedIds = serverIds.slice(-newFiles.length);
      } catch (err) {
        // ADMIN-VEH-48: an upload failure does not undo the save.
        console.error('Image upload failed', err);
        uploadedIds = null;
      }
    }
    const order = serverOrder(images, uploadedIds);
    const wanted = order.filter((id): id is string => id !== null);
    try {
      if (wanted.length === serverIds.length && wanted.some((id, i) => id !== serverIds[i]))
        await reorderVehicleImages(saved.id, wanted);
      const defaultId = order[defaultIndex] ?? wanted[0];
      if (defaultId) await setDefaultImage(saved.id, defaultId);
    } catch (err) {
      console.error('Saving the image order or default failed', err);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const parsed = vehicleInputSchema.safeParse(formToInput(values));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || 'form';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      let saved: Vehicle;
      try {
        saved = vehicle ? await updateVehicle(vehicle.id, parsed.data) : await createVehicle(parsed.data);
      } catch (err) {
        toast.error(
          saveErrorText(
            err,
            isEdit ? 'Failed to update vehicle. Please try again.' : 'Failed to create vehicle. Please try again.',
          ),
        );
        return;
      }
      await saveImages(saved);
      toast.success(isEdit ? 'Vehicle updated successfully!' : 'Vehicle created successfully!');
      await queryClient.invalidateQueries({ queryKey: ADMIN_VEHICLES_KEY });
      void queryClient.invalidateQueries({ queryKey: MAKES_MODELS_KEY });
      onClose();
    } finally {
      setSaving(false);
    }
  });

  const err = (key: string) => errors[key];
  const slug = slugify(title);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-6">
      {errors.form ? <Alert>{errors.form}</Alert> : null}

      <section className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField
            label="Title *"
            {...register('title')}
            error={err('title')}
            hint={slug ? `Slug: ${slug}` : 'The slug is made from the title.'}
          />
        </div>
        <div className="md:col-span-2">
          <TextField label="Long title (SEO)" {...register('longTitle')} error={err('longTitle')} />
        </div>
        <TextField label="Make *" list="admin-makes" {...register('make')} error={err('make')} autoComplete="off" />
        <datalist id="admin-makes">
          {makes.data?.makes.map((m) => (
            <option key={m.make} value={m.make} />
          ))}
        </datalist>
        <TextField label="Model *" list="admin-models" {...register('model')} error={err('model')} autoComplete="off" />
        <datalist id="admin-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <SelectField label="Year *" {...register('year')} error={err('year')}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <TextField label="Name (optional)" {...register('name')} error={err('name')} />
        <VinField
          field={register('vin')}
          error={err('vin')}
          vin={watch('vin')}
          onDecoded={(d) => {
            // Only what was decoded: a null never clears what the form holds.
            if (d.modelYear !== null) setDecodedYear({ year: d.modelYear });
            if (d.make !== null) setValue('make', d.make, { shouldDirty: true });
          }}
        />
        <TextField
          label="Mileage *"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...register('mileage')}
          error={err('mileage')}
        />
        <SelectField label="Body type *" {...register('bodyType')} error={err('bodyType')}>
          {BODY_TYPES.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" {...register('category')} error={err('category')}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </section>

      <section className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Price (USD)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...register('price')}
          error={err('price')}
        />
        <TextField
          label="MSRP (USD)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...register('msrp')}
          error={err('msrp')}
        />
        <SelectField label="Status" {...register('status')} error={err('status')}>
          {VEHICLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label="Listing type" {...register('listingType')} error={err('listingType')}>
          <option value="listing">Listing</option>
          <option value="auction">Auction</option>
        </SelectField>
        <SelectField label="Fuel type" {...register('fuelType')} error={err('fuelType')}>
          <option value="">Not specified</option>
          {FUEL_TYPES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        <SelectField label="Transmission" {...register('transmission')} error={err('transmission')}>
          <option value="">Not specified</option>
          {TRANSMISSIONS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField label="Exterior colour" {...register('exteriorColor')} error={err('exteriorColor')} />
      </section>

      <fieldset>
        <legend className="text-sm font-semibold text-ink-900">Tags</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {TAGS.map((tag) => (
            <label key={tag} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                value={tag}
                {...register('tags')}
                className="h-4 w-4 rounded border-slate-300 accent-brand-600"
              />
              {TAG_LABELS[tag] ?? tag}
            </label>
          ))}
        </div>
        {err('tags') ? <p className="mt-1 text-xs font-medium text-red-600">{err('tags')}</p> : null}
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-ink-900">Location</legend>
        <TextField label="City" {...register('location.city')} error={err('location.city')} />
        <TextField label="State" {...register('location.state')} error={err('location.state')} />
        <TextField label="Country" {...register('location.country')} error={err('location.country')} />
      </fieldset>

      <section className="space-y-4">
        <TextAreaField label="Description" rows={4} {...register('description')} error={err('description')} />
        <div className="grid gap-4 md:grid-cols-3">
          <TextAreaField
            label="Exterior"
            rows={3}
            {...register('sections.exterior')}
            error={err('sections.exterior')}
          />
          <TextAreaField
            label="Interior"
            rows={3}
            {...register('sections.interior')}
            error={err('sections.interior')}
          />
          <TextAreaField label="Other" rows={3} {...register('sections.other')} error={err('sections.other')} />
        </div>
        <TextAreaField
          label="Features"
          rows={4}
          hint="One feature per line."
          {...register('features')}
          error={err('features') ?? Object.entries(errors).find(([k]) => k.startsWith('features.'))?.[1]}
        />
      </section>

      <VehicleImagesField
        images={images}
        defaultIndex={defaultIndex}
        busyKey={busyImage}
        onAddFiles={addFiles}
        onRemove={(i) => void removeImage(i)}
        onMove={move}
        onChooseDefault={setDefaultIndex}
      />

      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? (isEdit ? 'Updating...' : 'Saving...') : isEdit ? 'Update Vehicle' : 'Save Vehicle'}
        </Button>
      </div>
    </form>
  );
}
