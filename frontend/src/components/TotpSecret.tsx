/**
 * The secret of a two-factor enrolment as an authenticator app takes it: the QR code to scan,
 * and the key to type where the camera cannot be used (the account screen, the required
 * enrolment at sign-in).
 */
export function TotpSecret({
  qrCode,
  secret,
  centred = false,
}: {
  qrCode: string;
  secret: string;
  /** The QR code centred in a narrow card. */
  centred?: boolean;
}) {
  const image = (
    <img
      src={qrCode}
      alt="QR code of the two-factor secret"
      width={180}
      height={180}
      className="mb-2"
    />
  );
  return (
    <>
      {centred ? <div className="text-center">{image}</div> : image}
      <p className="small text-muted">
        Or type the key: <code data-testid="totp-secret">{secret}</code>
      </p>
    </>
  );
}
