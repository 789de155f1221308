import { TOKEN_PACKAGES, type TokenPackage } from '../config.ts';

export const findPackage = (packageId: string): TokenPackage | null => TOKEN_PACKAGES.find((p) => p.id === packageId) ?? null;
