import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * What the machine a scheduled round runs on says of itself, for BATCH_PROCESS_DIRECT's headers
 * (docs/hmrc-fraud-prevention.md): its addresses are read on every call (HMRC wants them
 * collected just before each request); what cannot change while the process runs is read once.
 */
export interface MachineFacts {
  localIps: string[];
  macAddresses: string[];
  userAgent: { osFamily: string; osVersion: string; deviceManufacturer: string; deviceModel: string };
  osUser: string;
}

/** Linux tells the hardware's maker and model here; elsewhere, and in most containers, nothing. */
function dmi(field: 'sys_vendor' | 'product_name'): string | undefined {
  try {
    return readFileSync(`/sys/class/dmi/id/${field}`, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The processor makers' CPUID names, as /proc/cpuinfo gives them. */
const cpuMakers: Record<string, string> = { GenuineIntel: 'Intel', AuthenticAMD: 'AMD', CentaurHauls: 'Centaur' };

/**
 * The device's maker and model for Gov-Client-User-Agent. Linux tells them under DMI; a container
 * or a virtual machine without it shows only its processor, which is then the nearest true answer
 * (its maker, and its model as the OS names it, else the architecture), never a placeholder.
 */
function hardware(): { deviceManufacturer: string; deviceModel: string } {
  const vendor = dmi('sys_vendor');
  const product = dmi('product_name');
  let cpuVendor: string | undefined;
  try {
    cpuVendor = /^vendor_id\s*:\s*(\S+)/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1];
  } catch {
    cpuVendor = undefined;
  }
  const cpuModel = os.cpus()[0]?.model.trim();
  return {
    deviceManufacturer: vendor ?? (cpuVendor ? (cpuMakers[cpuVendor] ?? cpuVendor) : os.machine()),
    deviceModel: product ?? (cpuModel || os.machine()),
  };
}

/** The account the process runs as; a container without a passwd entry has only its uid. */
function processUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid-${process.getuid?.() ?? 'unknown'}`;
  }
}

let lasting: Pick<MachineFacts, 'userAgent' | 'osUser'> | undefined;

const noMac = '00:00:00:00:00:00';

export function thisMachine(): MachineFacts {
  lasting ??= { userAgent: { osFamily: os.type(), osVersion: os.release(), ...hardware() }, osUser: processUser() };
  const addresses = Object.values(os.networkInterfaces()).flatMap((entries) => entries ?? []);
  // Every address the machine has; loopback only when it has nothing else (HMRC wants all local ones).
  const external = addresses.filter((entry) => !entry.internal);
  const listed = external.length > 0 ? external : addresses;
  return {
    ...lasting,
    localIps: [...new Set(listed.map((entry) => entry.address))],
    macAddresses: [...new Set(external.map((entry) => entry.mac).filter((mac) => mac && mac !== noMac))],
  };
}
