/**
 * Settings every test run gives its servers (the API tests' and the browser tests'), cheaper than
 * production's where no test depends on the difference:
 * - passwords hashed at a lower scrypt cost: the runs make and sign in thousands of accounts, which
 *   at the production cost took two fifths of the processor time of the files that sign in most;
 * - embedded databases with a 16MB cache, not 128MB: the runs start hundreds, and the cache's size
 *   was half of each start's processor time.
 */
export const TEST_RUN_ENV = { PASSWORD_SCRYPT_N: "1024", PGLITE_SHARED_BUFFERS: "16MB" };
