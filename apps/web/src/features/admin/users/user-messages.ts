import { MSG } from '@vm/shared/messages';

/** The admin users screen's texts (spec section 8, ERR-09..15). */
export const USER_MESSAGES = {
  loadFailed: 'Failed to load users. Please try again.',
  deleteFailed: 'Failed to delete user. Please try again.',
  detailsFailed: 'Failed to load user details. Please try again.',
  updateFailed: 'Failed to update user. Please try again.',
  createFailed: 'Failed to create user. Please try again.',
  resetLinkFailed: 'Failed to send the password reset link. Please try again.',
  cannotDeleteSelf: MSG.cannotDeleteSelf,
  cannotDeleteSelfTooltip: MSG.cannotDeleteSelfTooltip,
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
} as const;
