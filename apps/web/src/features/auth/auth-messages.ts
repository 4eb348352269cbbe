export const AUTH_MESSAGES = {
  loginInvalid: 'Invalid email or password',
  loginFailed: 'Login failed. Please check your credentials and try again.',
  registerNoToken: 'Registration failed due to server error. Please try again.',
  registerAutoLoginFailed: 'Account created successfully, but automatic login failed. Please try logging in manually.',
  registerFailed: 'Registration failed. Please try again.',
  forgotPasswordFailed: 'We could not send the link. Please try again.',
  resetPasswordFailed: 'We could not change your password. Please try again.',
} as const;
