import { ADMIN_YEAR_COUNT } from '@vm/shared/constants';
import { vehicleInputSchema } from '@vm/shared/vehicle';
import { yearOptions } from '@vm/shared/years';
import { describe, expect, it } from 'vitest';
import { emptyVehicleForm, formToInput } from './vehicle-form-values';

describe('vehicle form values', () => {
  it('ADMIN-VEH-35..38: a new vehicle starts with vin UNKNOWN, SUV, Other and the current year', () => {
    const f = emptyVehicleForm(new Date('2026-05-01T12:00:00Z'));
    expect(f).toMatchObject({ vin: 'UNKNOWN', bodyType: 'SUV', category: 'Other', year: '2026', status: 'Available' });
  });

  it('VALID-04 VALID-05: empty year, mileage and price become 0; text in a number box is refused', () => {
    const f = { ...emptyVehicleForm(), title: 'T', make: 'M', model: 'X', year: '', mileage: '', price: '' };
    expect(formToInput(f)).toMatchObject({ year: 0, mileage: 0, price: 0, msrp: 0 });
    // Year 0 counts as missing: the spec's single message lists it.
    const parsed = vehicleInputSchema.safeParse(formToInput(f));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please fill in all required fields: year');
    const words = vehicleInputSchema.safeParse(formToInput({ ...f, year: '1990', mileage: 'lots' }));
    expect(words.error?.issues[0]?.message).toBe('Mileage must be a number');
  });

  it('VALID-03: a negative mileage gets the shared schema message', () => {
    const f = { ...emptyVehicleForm(), title: 'T', make: 'M', model: 'X', mileage: '-5' };
    expect(vehicleInputSchema.safeParse(formToInput(f)).error?.issues[0]?.message).toBe('Mileage cannot be negative');
  });

  it('features are one per line, blank lines dropped', () => {
    expect(formToInput({ ...emptyVehicleForm(), features: ' ABS \n\nLeather\n' }).features).toEqual(['ABS', 'Leather']);
  });

  it('VALID-06 CONST-21: the year list has 101 entries, the current year first', () => {
    const years = yearOptions(ADMIN_YEAR_COUNT, new Date('2026-05-01T12:00:00Z'));
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2026);
    expect(years[100]).toBe(1926);
  });
});
