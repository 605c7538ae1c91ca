"""Fill the deployment templates: placeholders (a name between @ signs) in ``deploy/**/*.in``.

The same templates serve production (rendered once, then installed under /etc) and the local
stack CI starts (``deploy/stack.py``, rendered into a temporary folder), so what CI tests is
what is deployed. @ signs, because nginx already owns ``$name`` and systemd ``%i``.

    .venv/bin/python -m deploy.render --out /tmp/poker-conf \\
        --server-name poker.example.com --web-ports 8001,8002 \\
        --certificate /etc/letsencrypt/live/poker.example.com/fullchain.pem \\
        --certificate-key /etc/letsencrypt/live/poker.example.com/privkey.pem

writes ``nginx/poker.conf`` and ``systemd/poker-web@.service``, ``systemd/poker-clock.service``
under ``--out``; docs/deploy.md says where they go.
"""

import argparse
import re
from pathlib import Path

DEPLOY = Path(__file__).resolve().parent
APP_DIR = DEPLOY.parent
PLACEHOLDER = re.compile(r"@([A-Z_]+)@")


def render(template: Path, values: dict[str, str]) -> str:
    """The template with every placeholder filled; a placeholder without a value, or a value
    no placeholder asks for, is an error (a typo would otherwise ship a broken config)."""
    text = template.read_text()
    wanted = set(PLACEHOLDER.findall(text))
    missing = wanted - values.keys()
    unused = values.keys() - wanted
    if missing or unused:
        raise ValueError(
            f"{template.name}: no value for {sorted(missing)}; no place for {sorted(unused)}"
        )
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], text)


def upstream_servers(ports: list[int]) -> str:
    """The ``server`` lines of the web processes' upstream block.

    ``max_fails=0``: nginx never marks a process down; a request it refuses (stopped for a
    restart) goes on to the next one at once (``proxy_next_upstream``; a refused connection
    on this machine costs nothing). With ``max_fails=1 fail_timeout=5s`` a rolling restart
    done quickly found the first process still marked down for a failure seconds old while
    the second was stopping: nginx had no live process left and answered 502.
    """
    return "\n".join(f"    server 127.0.0.1:{port} max_fails=0;" for port in ports)


def site_values(
    *,
    server_name: str,
    public_origin: str,
    web_ports: list[int],
    https_listen: str,
    http_listen: str,
    certificate: str,
    certificate_key: str,
    static_root: str,
) -> dict[str, str]:
    """The values of ``deploy/nginx/poker.conf.in``."""
    return {
        "SERVER_NAME": server_name,
        "PUBLIC_ORIGIN": public_origin,
        "WEB_SERVERS": upstream_servers(web_ports),
        "HTTPS_LISTEN": https_listen,
        "HTTP_LISTEN": http_listen,
        "TLS_CERTIFICATE": certificate,
        "TLS_CERTIFICATE_KEY": certificate_key,
        "STATIC_ROOT": static_root.rstrip("/"),
    }


def unit_values(*, app_dir: str, app_user: str, env_file: str) -> dict[str, str]:
    """The values of the systemd units in ``deploy/systemd/``."""
    return {"APP_DIR": app_dir, "APP_USER": app_user, "ENV_FILE": env_file}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder to write into")
    parser.add_argument("--server-name", required=True, help="the site's host name")
    parser.add_argument("--web-ports", default="8001,8002", help="the web processes' ports")
    parser.add_argument("--certificate", required=True, help="TLS certificate chain (PEM)")
    parser.add_argument("--certificate-key", required=True, help="its private key (PEM)")
    parser.add_argument("--app-dir", default=str(APP_DIR), help="the checkout, with .venv")
    parser.add_argument("--static-root", help="STATIC_ROOT (default: staticfiles/ in it)")
    parser.add_argument("--app-user", default="poker", help="the user the processes run as")
    parser.add_argument("--env-file", default="/etc/poker/poker.env")
    args = parser.parse_args()
    site = site_values(
        server_name=args.server_name,
        public_origin=f"https://{args.server_name}",
        web_ports=[int(port) for port in args.web_ports.split(",")],
        https_listen="443",
        http_listen="80",
        certificate=args.certificate,
        certificate_key=args.certificate_key,
        static_root=args.static_root or f"{args.app_dir}/staticfiles",
    )
    units = unit_values(app_dir=args.app_dir, app_user=args.app_user, env_file=args.env_file)
    outputs = {
        "nginx/poker.conf": render(DEPLOY / "nginx/poker.conf.in", site),
        "systemd/poker-web@.service": render(DEPLOY / "systemd/poker-web@.service.in", units),
        "systemd/poker-clock.service": render(DEPLOY / "systemd/poker-clock.service.in", units),
    }
    for name, text in outputs.items():
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print(path)


if __name__ == "__main__":
    main()
