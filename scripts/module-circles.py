#!/usr/bin/env python3
"""Circles between the modules of each crate of the workspace.

A module depends on another when it names an item defined there, through
any path (`crate::`, `super::`, a child's name) and through re-exports,
which are followed to the module that defines the item. Test modules
(`#[cfg(test)] mod tests`, files named tests.rs) are left out.

Usage: scripts/module-circles.py [ROOT] [-v]. Prints each circle (with -v,
its edges) and exits 1 when there is one. Reads the source text, so it
needs nothing but Python; it errs on the side of seeing an edge.
"""
import os, re, sys, collections

ITEM = re.compile(r'(?m)^(?:pub(?:\([a-z ]+\))?\s+)?(?:unsafe\s+)?(?:async\s+)?(?:const\s+)?(?:struct|enum|fn|trait|type|const|static|union|macro_rules!)\s*([A-Za-z_][A-Za-z0-9_]*)')
MOD = re.compile(r'(?m)^\s*(?:#\[path\s*=\s*"([^"]+)"\]\s*)?(?:pub(?:\([a-z ]+\))?\s+)?mod\s+([a-z_0-9]+)\s*;')

# One token at a time, so that what opens a comment inside a string ("://")
# or ends a string like a raw one ("… r") is read as what it is.
TOKEN = re.compile(r"""
    (?P<line>//[^\n]*)
  | (?P<block>/\*)
  | (?P<raw>\bb?r(?P<hashes>\#*)")
  | (?P<string>b?"(?:\\.|[^"\\])*")
  | (?P<char>b?'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^'\\\n])')
""", re.X | re.S)

def without_comments_and_literals(s):
    out, i = [], 0
    while True:
        m = TOKEN.search(s, i)
        if not m:
            out.append(s[i:])
            return ''.join(out)
        out.append(s[i:m.start()])
        if m.group('line'):
            i = m.end()
        elif m.group('block'):
            depth, j = 1, m.end()
            while j < len(s) and depth:
                if s.startswith('/*', j): depth, j = depth + 1, j + 2
                elif s.startswith('*/', j): depth, j = depth - 1, j + 2
                else: j += 1
            i = j
        elif m.group('raw'):
            end = s.find('"' + m.group('hashes'), m.end())
            out.append('""')
            i = len(s) if end < 0 else end + 1 + len(m.group('hashes'))
        elif m.group('string'):
            out.append('""'); i = m.end()
        else:
            out.append("''"); i = m.end()

def strip(s):
    s = without_comments_and_literals(s)
    # Inline test modules, wherever they stand: `#[cfg(test)] mod x { … }`
    # (or `#[cfg(all(test, unix))]`).
    while True:
        m = re.search(r'#\[cfg\((?:test|all\(test\b[^\]]*\))\)\]\s*(?:pub(?:\([a-z ]+\))?\s+)?mod\s+\w+\s*\{', s)
        if not m: break
        depth, j = 1, m.end()
        while j < len(s) and depth:
            depth += {'{': 1, '}': -1}.get(s[j], 0)
            j += 1
        s = s[:m.start()] + s[j:]
    return s

def expand(tree, prefix=''):
    tree = tree.strip()
    m = re.match(r'^(.*?)\{(.*)\}$', tree, re.S)
    if not m:
        return [prefix + tree]
    head, body = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ''
    for ch in body:
        if ch == '{': depth += 1
        if ch == '}': depth -= 1
        if ch == ',' and depth == 0: parts.append(cur); cur = ''
        else: cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        if p.strip(): out += expand(p, prefix + head)
    return out

class Crate:
    def __init__(self, src, root_file):
        self.src = src
        self.mods = {}      # modpath -> text
        self.load((), os.path.join(src, root_file))
    def load(self, mp, path):
        if not os.path.exists(path) or mp in self.mods: return
        if mp and mp[-1] == 'tests': return
        text = strip(open(path).read())
        self.mods[mp] = text
        d = os.path.dirname(path)
        base = os.path.basename(path)
        own_dir = d if base in ('lib.rs', 'main.rs', 'mod.rs') else os.path.join(d, base[:-3])
        for m in MOD.finditer(text):
            custom, name = m.group(1), m.group(2)
            if name == 'tests': continue
            if custom:
                child = os.path.join(d, custom)
            else:
                child = os.path.join(own_dir, name + '.rs')
                if not os.path.exists(child): child = os.path.join(own_dir, name, 'mod.rs')
            self.load(mp + (name,), child)
        # inline modules are part of the file
    def uses(self, mp):
        out = []
        for u in re.finditer(r'(?m)^\s*(pub(?:\([a-z ]+\))?\s+)?use\s+([^;]+);', self.mods[mp]):
            for p in expand(u.group(2)):
                p = p.strip()
                alias = None
                m = re.match(r'^(.*?)\s+as\s+(\w+)$', p)
                if m: p, alias = m.group(1), m.group(2)
                out.append((p.replace(' ', ''), alias))
        return out
    def items(self, mp):
        return set(ITEM.findall(self.mods[mp]))
    def children(self, mp):
        return {k[-1] for k in self.mods if len(k) == len(mp) + 1 and k[:len(mp)] == mp}
    def start(self, mp, segs):
        """Module a relative path starts from, or None (extern)."""
        if segs[0] == 'crate': return (), segs[1:]
        if segs[0] in ('self', 'super'):
            base = mp
            while segs and segs[0] in ('self', 'super'):
                if segs[0] == 'super': base = base[:-1]
                segs = segs[1:]
            return base, segs
        if segs[0] in self.children(mp): return mp, segs
        return None, segs
    def resolve(self, mp, path, depth=0):
        """The module defining the item `path` names from module mp."""
        if depth > 20: return None
        segs = [s for s in path.split('::') if s]
        if not segs: return None
        base, segs = self.start(mp, segs)
        if base is None:
            # a name imported into mp by `use`
            for p, alias in self.uses(mp):
                last = p.split('::')[-1]
                if (alias or last) == segs[0] and last not in ('*', 'self'):
                    rest = '::'.join(segs[1:])
                    return self.resolve(mp, p + ('::' + rest if rest else ''), depth + 1) if p.split('::')[0] in ('crate', 'self', 'super') or p.split('::')[0] in self.children(mp) else None
                if last == 'self' and (alias or p.split('::')[-2]) == segs[0]:
                    rest = '::'.join(segs[1:])
                    return self.resolve(mp, p[:-len('::self')] + ('::' + rest if rest else ''), depth + 1) if p.split('::')[0] in ('crate', 'self', 'super') else None
            return None
        return self.walk(base, segs, depth)
    def walk(self, module, segs, depth):
        while segs and module + (segs[0],) in self.mods:
            module = module + (segs[0],); segs = segs[1:]
        if not segs or module not in self.mods: return module
        name = segs[0]
        if name in self.items(module): return module
        for p, alias in self.uses(module):
            parts = p.split('::')
            last = parts[-1]
            if last == '*':
                b, rest = self.start(module, parts[:-1])
                if b is None: continue
                target = self.walk(b, rest, depth + 1)
                if target is not None and target in self.mods and name in self.items(target):
                    return target
                continue
            if (alias or last) == name and parts[0] in ('crate', 'self', 'super') or ((alias or last) == name and parts[0] in self.children(module)):
                return self.resolve(module, p, depth + 1) or module
        return module

    def graph(self):
        edges = collections.defaultdict(set)
        for mp, text in self.mods.items():
            paths = [p for p, _ in self.uses(mp)]
            paths += re.findall(r'(?<![:\w])((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+)', text)
            ch = self.children(mp)
            if ch:
                paths += re.findall(r'(?<![:\w])((?:' + '|'.join(ch) + r')(?:::[A-Za-z_][A-Za-z0-9_]*)+)', text)
            for p in paths:
                if p.endswith('::*') or p.endswith('::self'):
                    p = p.rsplit('::', 1)[0]
                    segs = p.split('::')
                    base, rest = self.start(mp, segs)
                    if base is None: continue
                    t = self.walk(base, rest + ['\0'], 0)
                else:
                    t = self.resolve(mp, p)
                if t is not None and t != mp and t in self.mods:
                    # a module naming its own descendant's re-export is fine;
                    edges[mp].add(t)
        return edges

def sccs(nodes, edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
        for w in edges.get(v, ()):
            if w not in index: visit(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1: out.append(sorted(comp))
    for v in sorted(nodes):
        if v not in index: visit(v)
    return out

def name(m): return '::'.join(m) or '(crate root)'

args = [a for a in sys.argv[1:] if a != '-v']
root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
crates = [(c, os.path.join(root, 'crates', c, 'src'), 'lib.rs') for c in sorted(os.listdir(os.path.join(root, 'crates')))]
crates += [('relnotes', os.path.join(root, 'src'), 'lib.rs'), ('relnotes (bin)', os.path.join(root, 'src'), 'main.rs')]
total = 0
verbose = '-v' in sys.argv
for c, src, rf in crates:
    crate = Crate(src, rf)
    edges = crate.graph()
    for comp in sccs(list(crate.mods), edges):
        total += 1
        print(f'{c}: {", ".join(name(m) for m in comp)}')
        if verbose:
            for a in comp:
                for b in sorted(edges[a]):
                    if b in comp: print(f'    {name(a)} -> {name(b)}')
print(f'{total} circle(s)')
sys.exit(1 if total else 0)
