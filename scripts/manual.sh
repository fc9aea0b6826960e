#!/bin/sh
# Writes studyctl's manual pages, one per command, in English and in Portuguese:
#   scripts/manual.sh BINARY OUTPUT   →   OUTPUT/man1/*.1 and OUTPUT/pt_BR/man1/*.1
# swift-argument-parser's generate-manual writes mdoc from the binary's --experimental-dump-help, but leaves out
# every character outside ASCII; so the help is read through a filter that writes each such character as an ASCII
# token, and the pages then get groff's escape for it (\[u00E7]), which man and mandoc print as the character.
set -eu
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
output=$2
swift=${SWIFT:-swift}
$swift build -c release --product generate-manual >/dev/null 2>&1
tool="$($swift build -c release --show-bin-path 2>/dev/null)/generate-manual"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for language in en pt-BR; do
    case $language in en) folder="$output/man1" ;; *) folder="$output/pt_BR/man1" ;; esac
    wrapper="$work/studyctl"
    cat > "$wrapper" <<WRAPPER
#!/bin/sh
STUDYCTL_LANGUAGE=$language "$binary" "\$@" | perl -CSD -pe 's/([^\\x00-\\x7F])/sprintf("ZZSTUDYCTLU%04XZZ", ord(\$1))/ge'
WRAPPER
    chmod +x "$wrapper"
    rm -rf "$work/pages"
    mkdir -p "$work/pages" "$folder"
    "$tool" "$wrapper" --multi-page -o "$work/pages" >/dev/null
    for page in "$work/pages"/*.1; do
        perl -pe 's/ZZSTUDYCTLU([0-9A-F]{4,6})ZZ/\\[u$1]/g' "$page" > "$folder/$(basename "$page")"
    done
done
