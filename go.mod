module balancefarm

go 1.26
