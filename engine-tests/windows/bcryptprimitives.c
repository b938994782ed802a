/* A stand-in for Windows' bcryptprimitives.dll, for running tvilling.exe under Wine 8
 * (Debian 12), which lacks the DLL. Rust's standard library imports ProcessPrng from it
 * (Windows 10 and later ship it) to seed hash maps; here it is RtlGenRandom, which Wine
 * has. Only the Wine test puts this beside the .exe; Windows users never need it. */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
