import { runCli, usageFailure, withDatabase } from './cli-support';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isEmail } from 'class-validator';
import { IdentityUser } from '../identity/identity-user.entity';
import { hashPassword } from '../identity/passwords';
import { User } from '../users/user.entity';

const USAGE = `Usage: npm run user:create -- --email EMAIL [--first-name NAME] [--last-name NAME]
       [--clinops] [--facility ID]... [--password TEMPORARY] [--institution NAME]

Creates a product user and, with the built-in identity provider, its identity. The first
sign-in asks the person to choose a new password (NEW_PASSWORD_REQUIRED). Without --password a
temporary one is generated and printed. With IDENTITY_PROVIDER=cognito only the product user is
created: make the Cognito account in the user pool.`;

// Typed explicitly: a never-returning call narrows types only then.
const fail: (message: string) => never = usageFailure(USAGE);

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string', default: '' },
        'last-name': { type: 'string', default: '' },
        institution: { type: 'string', default: '' },
        clinops: { type: 'boolean', default: false },
        facility: { type: 'string', multiple: true, default: [] },
        password: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!isEmail(email)) {
    fail('--email must be a valid e-mail address.');
  }
  const facilityIds = values.facility.map((f) => Number(f));
  if (facilityIds.some((id) => !Number.isInteger(id) || id <= 0)) {
    fail('--facility takes a positive whole number (repeat it for several facilities).');
  }
  if (facilityIds.length > 0 && !values.clinops) {
    fail('--facility is for clinops users: add --clinops.');
  }
  const password = values.password ?? `${randomBytes(9).toString('base64url')}-Tf1`;
  if (password.length < 9) {
    fail('--password must have more than 8 characters.');
  }

  return withDatabase(async (ds, env) => {
    await ds.transaction(async (tx) => {
      if (await tx.findOneBy(User, { email })) {
        throw new Error(`A user with the e-mail ${email} already exists.`);
      }
      // Requests reach clinops through the facility ids of trial sites: an id that is no stored
      // facility would give a board that stays empty.
      if (facilityIds.length > 0) {
        const known: { id: number }[] = await tx.query(
          'SELECT id FROM facility WHERE id = ANY($1::int[])',
          [facilityIds],
        );
        const unknown = facilityIds.filter((id) => !known.some((k) => k.id === id));
        if (unknown.length > 0) {
          throw new Error(
            `No stored facility has the id ${unknown.join(', ')}. Facility ids are those of the ` +
              'trial sites (facilityId of each site in GET /api/trials/{nctId}); import the ' +
              'trials first.',
          );
        }
      }
      const firstName = values['first-name'] || email.split('@')[0].slice(0, 60);
      let identitySub: string | null = null;
      if (env.IDENTITY_PROVIDER === 'local') {
        if (await tx.findOneBy(IdentityUser, { email })) {
          throw new Error(`An identity with the e-mail ${email} already exists.`);
        }
        const identity = await tx.save(
          tx.create(IdentityUser, {
            email,
            passwordHash: await hashPassword(password),
            status: 'FORCE_CHANGE_PASSWORD',
            givenName: firstName,
            familyName: values['last-name'],
          }),
        );
        identitySub = identity.id;
      }
      const user = await tx.save(
        tx.create(User, {
          email,
          identitySub,
          firstName,
          lastName: values['last-name'],
          institution: values.institution,
          isClinops: values.clinops,
          facilityIds,
          registerType: 'admin',
        }),
      );
      process.stdout.write(
        `Created ${values.clinops ? 'clinops' : 'HCP'} user ${email} (id ${user.id})` +
          `${facilityIds.length ? ` for facilities ${facilityIds.join(', ')}` : ''}.\n`,
      );
      if (env.IDENTITY_PROVIDER === 'local') {
        process.stdout.write(
          `Temporary password: ${password}\nThe first sign-in asks for a new password.\n`,
        );
      }
    });
  });
}

runCli(main);
