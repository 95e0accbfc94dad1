# Sourced by the set-up scripts (bootstrap, fuzz, MPI, NNUE trainer): one way
# to install Debian packages, so that all of them behave alike (only what is
# missing, sudo only when not root, apt's chatter hidden).
#
#   ensure_debian_packages TAG PACKAGE...
# installs the PACKAGEs that dpkg does not list as installed, saying which on
# stderr as "TAG: installing ...". Returns at once when nothing is missing.
ensure_debian_packages() {
  local tag=$1
  shift
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$tag: installing ${missing[*]} (apt-get)" >&2
  local sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}
