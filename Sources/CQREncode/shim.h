#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H

#include <qrencode.h>

/* libqrencode's enums import as Swift enums with shortened names; these keep the C names. */
static const QRecLevel CQR_ECLEVEL_M = QR_ECLEVEL_M;
static const QRencodeMode CQR_MODE_8 = QR_MODE_8;

#endif
