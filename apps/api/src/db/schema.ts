import type { Generated } from 'kysely';

/** Row types. They never leave apps/api: services map them to the shared API shapes. */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
  role: string;
  is_active: number;
  profile_image: string | null;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  notification_prefs: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** Every access token of the user carries it; logout and a password change add one (migration 005). */
  token_version: Generated<number>;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface VehiclesTable {
  id: string;
  slug: string;
  title: string;
  long_title: string;
  year: number;
  vin: string;
  make: string;
  model: string;
  name: string;
  description: string;
  mileage: number;
  body_type: string;
  category: string;
  price_cents: number;
  msrp_cents: number;
  status: string;
  listing_type: string;
  section_exterior: string;
  section_interior: string;
  section_other: string;
  city: string;
  state: string;
  country: string;
  fuel_type: string;
  transmission: string;
  exterior_color: string;
  features: string;
  default_image_id: string | null;
  view_count: Generated<number>;
  watch_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** When the vehicle last became public; saved-search alerts announce what was published after a search looked (migration 006). */
  published_at: string | null;
}

export interface VehicleTagsTable {
  vehicle_id: string;
  tag: string;
}

/** A slug a vehicle had before its title changed (docs/decisions/135-former-slugs.md). */
export interface VehicleFormerSlugsTable {
  slug: string;
  vehicle_id: string;
}

export interface VehicleImagesTable {
  id: string;
  vehicle_id: string;
  position: number;
  width: number;
  height: number;
  created_at: string;
}

export interface WatchesTable {
  user_id: string;
  vehicle_id: string;
  created_at: string;
}

export interface VehicleViewsTable {
  vehicle_id: string;
  fingerprint: string;
  user_id: string | null;
  created_at: string;
}

export interface OffersTable {
  id: string;
  /** Null once the vehicle is deleted: its offers stay in history (migration 009-offers-outlive-vehicles). */
  vehicle_id: string | null;
  user_id: string;
  amount_cents: number;
  message: string;
  status: string;
  response_message: string;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
  /** When the buyer last amended it; null until then (migration 007). */
  amended_at: Generated<string | null>;
  /** The vehicle as it was when it was deleted; null while it exists (migration 009-offers-outlive-vehicles). */
  vehicle_title: Generated<string | null>;
  vehicle_year: Generated<number | null>;
  vehicle_make: Generated<string | null>;
  vehicle_model: Generated<string | null>;
}

export interface ContactInquiriesTable {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: string;
  priority: string;
  created_at: string;
  updated_at: string;
  /** The vehicle an inquiry from its page is about; null otherwise (migration 007). */
  vehicle_id: Generated<string | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface PageVisitsTable {
  id: string;
  page: string;
  referrer: string;
  user_id: string | null;
  created_at: string;
}

export interface ActivityEventsTable {
  id: string;
  type: string;
  subject_id: string;
  summary: string;
  created_at: string;
}

/** One email to send (docs/decisions/114-email-outbox.md). */
export interface EmailOutboxTable {
  id: string;
  template: string;
  recipient: string;
  user_id: string | null;
  /** The template's data, as JSON. */
  payload: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  /** Filled when the email is rendered for sending. */
  subject: Generated<string>;
  last_error: Generated<string>;
  /** The .eml file under DATA_DIR/mail, when no SMTP server is configured. */
  file_name: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SavedSearchesTable {
  id: string;
  user_id: string;
  name: string;
  /** The search query's filters, as JSON. */
  filters: string;
  frequency: string;
  /** Vehicles published after this have not been looked at for this search yet. */
  checked_at: string;
  created_at: string;
  updated_at: string;
}

export interface SavedSearchAlertsTable {
  saved_search_id: string;
  vehicle_id: string;
  created_at: string;
}

/** One row (id 1): bumped by triggers on every searchable catalogue change. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** Timed auctions (migration 011-auctions, docs/decisions/125-auctions.md). */
export interface AuctionsTable {
  id: string;
  vehicle_id: string;
  status: string;
  starting_bid_cents: number;
  reserve_cents: number | null;
  starts_at: string;
  ends_at: string;
  current_bid_cents: number | null;
  leader_id: string | null;
  /** The leader's and the runner-up's standing maximums and their sequence numbers: all the price depends on. */
  leader_max_cents: number | null;
  leader_seq: number | null;
  runner_id: string | null;
  runner_max_cents: number | null;
  runner_seq: number | null;
  bid_count: Generated<number>;
  bidder_count: Generated<number>;
  reserve_met: Generated<number>;
  next_seq: Generated<number>;
  version: Generated<number>;
  cancel_reason: string | null;
  ending_soon_sent: Generated<number>;
  closed_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuctionBidsTable {
  id: string;
  auction_id: string;
  bidder_id: string;
  seq: number;
  max_cents: number;
  price_cents: number;
  leader_id: string;
  created_at: string;
  voided_at: string | null;
  void_reason: string | null;
  voided_by: string | null;
}

export interface DB {
  auctions: AuctionsTable;
  auction_bids: AuctionBidsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  vehicles: VehiclesTable;
  vehicle_tags: VehicleTagsTable;
  vehicle_former_slugs: VehicleFormerSlugsTable;
  vehicle_images: VehicleImagesTable;
  watches: WatchesTable;
  vehicle_views: VehicleViewsTable;
  offers: OffersTable;
  contact_inquiries: ContactInquiriesTable;
  settings: SettingsTable;
  page_visits: PageVisitsTable;
  activity_events: ActivityEventsTable;
  catalogue_version: CatalogueVersionTable;
  email_outbox: EmailOutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  saved_searches: SavedSearchesTable;
  saved_search_alerts: SavedSearchAlertsTable;
}
