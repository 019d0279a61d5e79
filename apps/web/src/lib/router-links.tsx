import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  Menu,
  type MenuItemProps,
  NavLink,
  type NavLinkProps,
} from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, Ref } from "react";

/** Mantine components as typed router links: `to` and `params` are checked against the routes. */
type AnchorElementProps = AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor component="a" {...props} />;
}
function MantineButton(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}
function MantineNavLink(props: NavLinkProps & AnchorElementProps) {
  return <NavLink component="a" {...props} />;
}
function MantineMenuItem(props: MenuItemProps & AnchorElementProps) {
  return <Menu.Item component="a" {...props} />;
}

/** A small "← Where you came from" link above a page's title. */
function MantineBackAnchor({ children, ...props }: AnchorProps & AnchorElementProps) {
  return (
    <Anchor component="a" size="sm" {...props}>
      <IconArrowLeft size={14} style={{ verticalAlign: "middle" }} /> {children}
    </Anchor>
  );
}

const AnchorLinkBase = createLink(MantineAnchor);
const BackLinkBase = createLink(MantineBackAnchor);
const ButtonLinkBase = createLink(MantineButton);
const MenuItemLinkBase = createLink(MantineMenuItem);
const NavLinkLinkBase = createLink(MantineNavLink);

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <AnchorLinkBase preload="intent" {...props} />
);
export const ButtonLink: LinkComponent<typeof MantineButton> = (props) => (
  <ButtonLinkBase preload="intent" {...props} />
);
export const MenuItemLink: LinkComponent<typeof MantineMenuItem> = (props) => <MenuItemLinkBase {...props} />;
export const BackLink: LinkComponent<typeof MantineBackAnchor> = (props) => (
  <BackLinkBase preload="intent" {...props} />
);
/** A menu entry (Mantine's NavLink) whose `to` and `params` are checked against the routes. */
export const NavLinkLink: LinkComponent<typeof MantineNavLink> = (props) => <NavLinkLinkBase {...props} />;
