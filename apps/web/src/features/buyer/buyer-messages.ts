/** Texts of the detail page's watch toggle and offer panel (spec section 8, Vehicle detail). */
export const BUYER_MESSAGES = {
  watchFailed: (serverMessage: string | undefined) =>
    `Error updating watch status: ${serverMessage ?? 'Unknown error'}`,
  watchInvalidVehicle: 'Cannot watch this vehicle - invalid vehicle data',
  offerSubmitted: 'Your offer has been submitted successfully!',
  offerAmended: 'Your offer has been amended successfully!',
  offerFailed: 'Error submitting offer. Please try again.',
  offerLoadFailed: 'Your offer could not be loaded. Please refresh the page.',
} as const;
