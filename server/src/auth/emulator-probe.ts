/** Whether a Firebase Auth Emulator answers at host:port (its root names itself `authEmulator`). */
export async function authEmulatorAnswers(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json()) as { authEmulator?: unknown };
    return body.authEmulator !== undefined;
  } catch {
    return false;
  }
}
