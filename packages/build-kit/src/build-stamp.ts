/** Written into an app's dist/ by a successful production build; `npm start` rebuilds what is older than its sources. */
export const BUILD_STAMP = '.build-stamp';
