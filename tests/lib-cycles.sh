#!/bin/sh
# No two files of the library call each other, directly or through others
# (DESIGN.md: files call in one direction). The call graph between files is
# read from their objects: file A calls file B when A's object needs (nm:
# U) a name that B's object defines. Every cycle of that graph is printed
# as its files and the calls that close it; any cycle fails.
#
#   sh tests/lib-cycles.sh OBJECT...
# POSIX sh and perl (Debian's perl-base is essential).
set -u
if [ $# -eq 0 ]; then
    echo "lib-cycles: no object given"
    exit 1
fi
for o in "$@"; do
    printf '%s\n' "$o"
    nm "$o" || exit 1
done | perl -e '
    my ($file, %defines, %needs, %calls);
    while (<STDIN>) {
        chomp;
        if (!/^\s/ && !/^[0-9a-f]+ / && !/ U /) { ($file = $_) =~ s{.*/}{}; $file =~ s{\.o$}{}; next }
        if (/^\s+U (\S+)/) { push @{$needs{$file}}, $1; next }
        if (/^[0-9a-f]+ [TDRBCV] (\S+)/) { $defines{$1} = $file }
    }
    for my $f (keys %needs) {
        for my $s (@{$needs{$f}}) {
            my $g = $defines{$s};
            next if !defined $g || $g eq $f;
            push @{$calls{$f}{$g}}, $s;
        }
    }
    # Tarjan: the strongly connected components of more than one file.
    my ($index, @stack, %on, %num, %low, @cycles) = (0);
    my $visit;
    $visit = sub {
        my $v = shift;
        $num{$v} = $low{$v} = $index++;
        push @stack, $v; $on{$v} = 1;
        for my $w (sort keys %{$calls{$v} || {}}) {
            if (!defined $num{$w}) { $visit->($w); $low{$v} = $low{$w} if $low{$w} < $low{$v} }
            elsif ($on{$w} && $num{$w} < $low{$v}) { $low{$v} = $num{$w} }
        }
        return if $low{$v} != $num{$v};
        my @scc;
        while (1) { my $w = pop @stack; $on{$w} = 0; push @scc, $w; last if $w eq $v }
        push @cycles, [sort @scc] if @scc > 1;
    };
    my %all = map { $_ => 1 } (keys %calls, values %defines);
    for my $v (sort keys %all) { $visit->($v) if !defined $num{$v} }
    for my $c (@cycles) {
        my %in = map { $_ => 1 } @$c;
        print "lib-cycles: files that call each other: @$c\n";
        for my $f (@$c) {
            for my $g (sort keys %{$calls{$f} || {}}) {
                next if !$in{$g};
                my %seen; my @names = grep { !$seen{$_}++ } sort @{$calls{$f}{$g}};
                print "  $f -> $g: @names\n";
            }
        }
    }
    if (@cycles) { exit 1 }
    printf "lib-cycles: %d files, no file calls back into a file that calls it\n", scalar keys %all;
'
