/** A JWT-shaped token for the client (the client reads, never verifies, the payload). */
export function fakeToken(username: string, permission: number, expInSeconds = 3600): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ username, permission, exp: Math.floor(Date.now() / 1000) + expInSeconds })}.sig`;
}
