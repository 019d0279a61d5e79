import { Anchor, type AnchorProps, Button, type ButtonProps, Menu, type MenuItemProps } from "@mantine/core";
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
function MantineMenuItem(props: MenuItemProps & AnchorElementProps) {
  return <Menu.Item component="a" {...props} />;
}

const AnchorLinkBase = createLink(MantineAnchor);
const ButtonLinkBase = createLink(MantineButton);
const MenuItemLinkBase = createLink(MantineMenuItem);

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <AnchorLinkBase preload="intent" {...props} />
);
export const ButtonLink: LinkComponent<typeof MantineButton> = (props) => (
  <ButtonLinkBase preload="intent" {...props} />
);
export const MenuItemLink: LinkComponent<typeof MantineMenuItem> = (props) => <MenuItemLinkBase {...props} />;
