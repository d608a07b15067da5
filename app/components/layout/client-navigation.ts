import { useEffect } from "react";
import { useNavigate } from "react-router";
import { getLocale, localeOfPath, unlocalizedPath } from "~/lib/locale";

/** Paths the router does not render: files, resource routes, and the e-mail link endpoints. */
const notAPage = /^\/(api|photos|dev\/mail|language)(\/|$)|\.[a-z0-9]+$/i;

/**
 * Client-side navigation for every plain `<a href>` on the page, from one listener: links are
 * rendered as plain anchors (React Router's <Link> costs tens of microseconds each on the server,
 * and a page has sixty), and once JavaScript has loaded a click on a same-origin page link is
 * handed to the router instead of reloading. Without JavaScript they are ordinary links.
 * A link opts out with `data-reload` (or `download`, or a target other than _self).
 */
export function useClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor?.href || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href);
      // The router knows this language's pages only (its basename): a link to the other language loads it.
      if (url.origin !== window.location.origin || localeOfPath(url.pathname) !== getLocale()) return;
      const path = unlocalizedPath(url.pathname);
      if (notAPage.test(path)) return;
      // A jump within this page is the browser's to make.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      void navigate(`${path}${url.search}${url.hash}`);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
