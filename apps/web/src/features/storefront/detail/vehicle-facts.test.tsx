import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleVehicle } from '../../../lib/test-fixtures';
import { VehicleFacts, vehicleFacts } from './vehicle-facts';

afterEach(cleanup);

const vinFact = (vin: string) => vehicleFacts(sampleVehicle({ vin })).find((f) => f.label === 'VIN');

describe('the VIN fact (issue #18)', () => {
  it('ISSUE-18-VIN-WEB carries "VIN checked" when the check digit matches, and nothing otherwise', () => {
    expect(vinFact('1HGCM82633A004352')).toEqual({ label: 'VIN', value: '1HGCM82633A004352', badge: 'VIN checked' });
    expect(vinFact('1HGCM82643A004352')).toEqual({ label: 'VIN', value: '1HGCM82643A004352' });
    expect(vinFact('7R02S174512')).toEqual({ label: 'VIN', value: '7R02S174512' });
    expect(vinFact('UNKNOWN')).toEqual({ label: 'VIN', value: 'UNKNOWN' });
  });

  it('ISSUE-18-VIN-WEB shows the badge beside the VIN on the page', () => {
    render(<VehicleFacts vehicle={sampleVehicle({ vin: '1M8GDM9AXKP042788' })} />);
    const vin = screen.getByText('VIN').nextElementSibling;
    expect(vin?.textContent).toBe('1M8GDM9AXKP042788VIN checked');
    expect(screen.getByText('VIN checked')).toBeTruthy();
  });

  it('ISSUE-18-VIN-WEB shows no badge for a chassis number', () => {
    render(<VehicleFacts vehicle={sampleVehicle({ vin: '7R02S174512' })} />);
    expect(screen.getByText('VIN').nextElementSibling?.textContent).toBe('7R02S174512');
    expect(screen.queryByText('VIN checked')).toBeNull();
  });
});
