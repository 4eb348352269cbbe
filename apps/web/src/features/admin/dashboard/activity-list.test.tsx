import { cleanup, render, screen, within } from '@testing-library/react';
import type { Activity } from '@vm/shared/dashboard';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityList } from './activity-list';

const event = (overrides: Partial<Activity>): Activity => ({
  id: 'e1',
  type: 'vehicle_listed',
  message: 'New vehicle listed: 1972 Datsun 240Z',
  createdAt: new Date().toISOString(),
  vehicleDeleted: false,
  ...overrides,
});

afterEach(cleanup);

describe('ActivityList', () => {
  it('ISSUE-20 marks an event whose vehicle has since been deleted, and only that one', () => {
    render(
      <ActivityList
        loadedAt={new Date()}
        activities={[
          event({ id: 'e1', message: 'New vehicle listed: 1972 Datsun 240Z', vehicleDeleted: true }),
          event({ id: 'e2', type: 'offer_submitted', message: 'New offer on 1967 Toyota 2000GT' }),
        ]}
      />,
    );
    const [deleted, kept] = screen.getAllByRole('listitem');
    expect(within(deleted as HTMLElement).getByText('New vehicle listed: 1972 Datsun 240Z')).toBeTruthy();
    expect(within(deleted as HTMLElement).getByText('Vehicle deleted')).toBeTruthy();
    expect(within(kept as HTMLElement).queryByText('Vehicle deleted')).toBeNull();
  });
});
