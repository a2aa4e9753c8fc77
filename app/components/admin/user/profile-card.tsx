import { DetailCard, DetailRow } from "../detail-parts";

type Profile = {
  status: string;
  createdAt: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean | null;
  phone: string | null;
  location: string | null;
  suspendedAt: string | null;
  suspensionReason: string | null;
  flags: string[];
};

/** The member's account facts: when they joined, how they sign in, where they are, and any suspension or flags. */
export function ProfileCard({ member }: { member: Profile }) {
  return (
    <DetailCard id="profile" title="Profile">
      <dl className="mt-2 space-y-1.5 text-sm">
        <DetailRow label="Joined">{member.createdAt}</DetailRow>
        <DetailRow label="E-mail verified">{member.emailVerified ? "Yes" : "No"}</DetailRow>
        <DetailRow label="Two-factor">{member.twoFactorEnabled ? "On" : "Off"}</DetailRow>
        <DetailRow label="Phone">{member.phone ?? "—"}</DetailRow>
        <DetailRow label="Location">{member.location ?? "—"}</DetailRow>
        {member.status === "suspended" && (
          <DetailRow label="Suspended">{`${member.suspendedAt ?? "—"}: ${member.suspensionReason ?? ""}`}</DetailRow>
        )}
        {member.flags.length > 0 && <DetailRow label="Flags">{member.flags.join(", ")}</DetailRow>}
      </dl>
    </DetailCard>
  );
}
