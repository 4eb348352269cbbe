/** Texts of the account pages (spec section 8, Account, and the working Settings tab). */
export const ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load your account information. Please try again later.',
  profileSaved: 'Profile updated successfully!',
  profileFailed: 'Failed to update profile. Please try again later.',
  passwordSaved: 'Password updated successfully!',
  passwordIncorrect: 'Current password is incorrect',
  passwordFailed: 'Failed to update password. Please try again later.',
  watchlistLoadFailed: 'Failed to load your watchlist. Please try again later.',
  watchlistRemoveFailed: 'Failed to remove vehicle from watchlist. Please try again.',
  prefsSaved: 'Preferences saved.',
  prefsFailed: 'Failed to save your preferences. Please try again.',
  deleteFailed: 'Failed to delete your account. Please try again.',
  deleted: 'Your account has been deleted.',
} as const;
