/** i18n keys both screens show for a failure with nothing more to say. */
export const NETWORK_ERROR_KEY = 'login.network_error';
export const GENERIC_ERROR_KEY = 'login.generic_error';
/** 'You have reached the limit of attempts, try again later.' (spec part 1, §8). */
export const TOO_MANY_REQUESTS_KEY = 'password_reset.too_many_requests';
