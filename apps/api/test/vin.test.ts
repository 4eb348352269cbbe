import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIN_SHAPE_MESSAGE, type VinDecodeResponse } from '@vm/shared/vin-lookup';
import { createTestContext, DIALECTS, registerBuyer, type SignedIn, signInAs, type TestContext } from './test-app.ts';

// GET /api/vin/:vin, the vehicle form's offline VIN decoder (issue #18, docs/decisions/118-vin-decoder.md).
describe.each(DIALECTS)('VIN decoder on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => ctx.close());

  const decode = (vin: string, headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/vin/${vin}`, headers });

  it('ISSUE-18-VIN-API is for staff: anonymous gets 401, a buyer 403, an Admin and a SuperAdmin 200', async () => {
    expect((await decode('1HGCM82633A004352', {})).statusCode).toBe(401);
    const buyer = await registerBuyer(ctx.app);
    expect((await decode('1HGCM82633A004352', buyer.headers)).statusCode).toBe(403);
    expect((await decode('1HGCM82633A004352')).statusCode).toBe(200);
    const superAdmin = await signInAs(ctx, 'SuperAdmin');
    expect((await decode('1HGCM82633A004352', superAdmin.headers)).statusCode).toBe(200);
  });

  it('ISSUE-18-VIN-API decodes a valid VIN, given in any case: check digit, model year, maker and country', async () => {
    const res = await decode('1hgcm82633a004352');
    expect(res.statusCode).toBe(200);
    expect(res.json<VinDecodeResponse>()).toEqual({
      vin: '1HGCM82633A004352',
      valid: true,
      modelYear: 2003,
      manufacturer: 'Honda',
      make: 'Honda',
      country: 'United States',
      note: null,
    });
    expect((await decode('1M8GDM9AXKP042788')).json()).toMatchObject({
      valid: true,
      modelYear: 1989,
      manufacturer: 'Motor Coach Industries',
    });
  });

  it('ISSUE-18-VIN-API answers a failed check digit with the maker, no year and the warning', async () => {
    const res = await decode('WP0ZZZ99ZTS392124');
    expect(res.statusCode).toBe(200);
    expect(res.json<VinDecodeResponse>()).toEqual({
      vin: 'WP0ZZZ99ZTS392124',
      valid: false,
      modelYear: null,
      manufacturer: 'Porsche',
      make: 'Porsche',
      country: 'Germany',
      note: "The VIN's check digit does not match. Pre-1981 chassis numbers and grey-market imports can fail this check.",
    });
  });

  it('ISSUE-18-VIN-API answers a pre-1981 chassis number, or I, O or Q, with nothing decoded and a note', async () => {
    const chassis = await decode('7R02S174512');
    expect(chassis.statusCode).toBe(200);
    expect(chassis.json<VinDecodeResponse>()).toMatchObject({
      vin: '7R02S174512',
      valid: false,
      modelYear: null,
      manufacturer: null,
      make: null,
      country: null,
    });
    expect(chassis.json<VinDecodeResponse>().note).toMatch(/^Not a 17-character VIN/);
    const letters = await decode('1HGCM82633A0O4352');
    expect(letters.statusCode).toBe(200);
    expect(letters.json<VinDecodeResponse>()).toMatchObject({ valid: false, manufacturer: null });
    expect(letters.json<VinDecodeResponse>().note).toMatch(/I, O or Q/);
  });

  it('ISSUE-18-VIN-API refuses with 400 and a message what is not 1 to 17 letters and digits', async () => {
    for (const vin of ['1HGCM82633A0043521', '1HG-CM82633', '1HG%20CM82633', '1HGCM82633A00435%C3%A9', '%00']) {
      const res = await decode(vin);
      expect(res.statusCode, vin).toBe(400);
      expect(res.json()).toMatchObject({
        message: VIN_SHAPE_MESSAGE,
        errors: [{ field: 'vin', message: VIN_SHAPE_MESSAGE }],
      });
    }
  });
});
