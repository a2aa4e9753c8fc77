import { RoleBadge, StatusBadge } from "../badges";
import { ActionLink, DetailHeader } from "../detail-parts";
import { ExportButton } from "../export-button";

type MemberHeaderProps = {
  member: { name: string; email: string; status: string; roles: string[] };
  may: { suspend: boolean; reactivate: boolean; role: boolean; reset: boolean; export: boolean; delete: boolean };
  /** The member page's own address: the data export posts to its /export. */
  here: string;
};

/** The member's head: name, e-mail, status and roles, and the actions this staff member may take on them. */
export function MemberHeader({ member, may, here }: MemberHeaderProps) {
  const suspended = member.status === "suspended";
  const moderator = member.roles.includes("moderator");
  return (
    <DetailHeader
      back={{ to: "/admin/users", label: "Users" }}
      title={member.name}
      truncate
      facts={
        <>
          {member.email} <StatusBadge status={member.status} />{" "}
          {member.roles.length ? member.roles.map((r) => <RoleBadge key={r} name={r} />) : <RoleBadge name={null} />}
        </>
      }
    >
      {may.suspend && !suspended && <ActionLink to="?do=suspend">Suspend</ActionLink>}
      {may.reactivate && suspended && <ActionLink to="?do=reactivate">Reactivate</ActionLink>}
      {may.role && <ActionLink to="?do=moderator">{moderator ? "Remove moderator role" : "Make moderator"}</ActionLink>}
      {may.reset && <ActionLink to="?do=reset">Send password reset</ActionLink>}
      {may.export && <ExportButton action={`${here}/export`} />}
      {may.delete && (
        <ActionLink to="?do=delete" danger>
          Delete
        </ActionLink>
      )}
    </DetailHeader>
  );
}
