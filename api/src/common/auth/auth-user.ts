export type Role = 'hcp' | 'clinops';

/** The signed-in caller, as the product token's strategy puts it on the request. */
export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  /** The server-side session the product token belongs to (its `sid`). */
  sessionId: string;
}
