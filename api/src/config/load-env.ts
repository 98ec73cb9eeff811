import { Env, EnvValidationError, validateEnv } from './env';

/** Validates process.env or ends the process with a message naming each bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return validateEnv(process.env);
  } catch (error) {
    if (error instanceof EnvValidationError) {
      process.stderr.write(
        `Trialflow cannot start. ${error.message}\nSee the configuration table in README.md.\n`,
      );
      process.exit(1);
    }
    throw error;
  }
}
